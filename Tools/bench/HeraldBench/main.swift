print("herald-bench: see Tools/bench/README.md")
