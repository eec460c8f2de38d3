"""grading/integrity"""
