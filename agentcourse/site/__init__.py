"""The course as a website, built from the repository's own sources (`make site`).

    python -m agentcourse.site.build            # stage the pages, then build .site/html
    python -m agentcourse.site.linkcheck        # every external link of the lectures, online

docs/ARCHITECTURE.md ("The website") says which generator builds it and why.
"""
