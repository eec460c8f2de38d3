# Your course's own nbgrader settings: copy this file to local/nbgrader_config.py (git
# ignores it) and edit the copy. The course's nbgrader_config.py loads it last, so a line
# here overrides the course's. See docs/INSTRUCTORS.md, "Through JupyterHub".
c = get_config()  # noqa: F821 - provided by traitlets when nbgrader reads this file

# The exchange: a folder every account on the hub can write (sudo mkdir -p ...; chmod ugo+rwx).
c.Exchange.root = "/srv/nbgrader/exchange"
# What a late submission costs: "none" records lateness only; "zero" scores the notebook 0.
c.LateSubmissionPlugin.penalty_method = "none"
