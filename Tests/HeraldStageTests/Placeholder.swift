// local placeholder (untracked)
