"""Mutation testing of the course's safety code and the tutor's validator (docs/MUTATION.md)."""
