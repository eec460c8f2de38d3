"""Grading on a Dask cluster: `agentcourse grade LAB SUBMISSIONS --scheduler tcp://HOST:PORT`.

jobs.py is what runs on a Dask worker (one student, shipped in and shipped back);
dispatch.py is the grader's side (the class sent to the scheduler, each result merged by
this process alone). Needs the `distributed` extra: `pip install -e '.[distributed]'`.
"""
