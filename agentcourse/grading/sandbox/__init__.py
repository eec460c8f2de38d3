"""grading/sandbox"""
