"""The tutor's API side: the HTTP server, the request rules, tokens and the prompt cache,
threads, batches and models, and the shaping of a decision into the API's reply. It
imports act/ (the brain) and understand/, never the other way round."""
