from agentcourse.cli import main

raise SystemExit(main())
