"""What only the judge may import: each lab's references, the answers its checks compare
with. A graded kernel's sandbox mounts an empty folder over this one
(agentcourse/grading/sandbox/bwrap.py, JUDGED), so no student's code can call them; the
judge's sandbox shows it whole. A lab's setup cell imports them only where they can be
imported (the judge, or a notebook run at home outside any sandbox)."""
