"""What a lab's setup needs that is not a lab's answer, out of the student's way.

One module or package per lab (`lab03/`, `lab07.py`, ...): copies of the later parts a
lab's checks need (checkpoint 03's loop for Lab 3, checkpoint 07's texts for Lab 7) and
helpers that would make a setup cell long to read. A graded kernel can import all of this package, so nothing
here may be a lab's answer: tests/course/test_answers_out_of_reach.py tries every
same-named attribute as the answer.
"""
