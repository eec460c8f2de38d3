"""grading/report"""
