"""Running an approved command: the OS sandbox (Landlock, seccomp, bubblewrap), the wrapper every command
runs under, the scrubbed environment and the app's withheld secrets."""
