"""Tools over logged sessions, above the session: replay as steps, forks and reruns into another model,
exports, and the list of logs."""
