"""The use cases, one package per capability (Lago's `app/services/<capability>/` is the model): each holds the
"may this be done" rules and the transaction of its actions. A route parses the request, calls one service and maps
its answer with a presenter (`api/presenters/`); a service knows no HTTP (no FastAPI, no request, no schema of the
API) and answers with the store's rows, the domain's values or its own dataclasses."""
