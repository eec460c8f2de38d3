from agentcourse.api.outcome import *  # noqa: F401,F403 - the old path released labs import; goes after the 2027 spring term
from agentcourse.course.matrix import *  # noqa: F401,F403 - the old path released labs import; goes after the 2027 spring term
