"""Association croquet scoring."""

HOOPS = 12
