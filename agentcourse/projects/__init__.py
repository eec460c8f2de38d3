"""projects"""
