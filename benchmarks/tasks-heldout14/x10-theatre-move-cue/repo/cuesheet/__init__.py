"""cuesheet: lighting cue sheets for the studio theatre."""
