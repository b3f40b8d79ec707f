"""Starting, querying, updating and signalling workflows on behalf of the API, the demo seed and the CLI. One
module per workflow; `handles.errors.answered` turns a refused update or a workflow that is gone into 409."""
