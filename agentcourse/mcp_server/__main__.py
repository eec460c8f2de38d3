"""`python -m agentcourse.mcp_server [--root DIR]`: serve DIR's documentation over stdio."""

from agentcourse.mcp_server.server import main

if __name__ == "__main__":
    main()
