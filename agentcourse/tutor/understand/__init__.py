"""What the tutor understands of a request and a prompt: the script as data, the prompt
rules, harness words, request wording and the typed tools. It imports neither act/ nor
speak/."""
