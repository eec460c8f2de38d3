"""`python -m agentcourse.grading.nbgrader_main ARGS` runs `nbgrader ARGS` in a process that
imported agentcourse first (agentcourse/__init__.py: what every course process skips at
import). agentcourse grade runs its nbgrader commands this way."""

from nbgrader.apps.nbgraderapp import main

if __name__ == "__main__":
    main()
