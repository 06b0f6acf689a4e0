/* Loaded with LD_PRELOAD by Tools/bench/memory.sh: when the process exits, copies
 * /proc/self/smaps to $SMAPS_OUT, so the resident memory can be split by mapping
 * (the binary's code and data, each shared library, heap, thread stacks). Peak RSS
 * and RSS at exit differ only by what was unmapped before exit. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((destructor)) static void herald_dump_smaps(void) {
    const char *out = getenv("SMAPS_OUT");
    if (!out) return;
    int in = open("/proc/self/smaps", O_RDONLY);
    int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || fd < 0) return;
    char buf[65536];
    ssize_t n;
    while ((n = read(in, buf, sizeof buf)) > 0) {
        if (write(fd, buf, (size_t)n) != n) break;
    }
    close(in);
    close(fd);
}
