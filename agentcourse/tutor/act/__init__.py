"""The tutor's decisions: the brain, its tasks and the task families' moves, the turn
they read, and the tools they call. It imports understand/, never speak/."""
