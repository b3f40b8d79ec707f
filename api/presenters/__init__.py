"""Answer builders: a service's answer, or the rows a route read, turned into the API's models (`api/schemas/`),
one module per capability, shared by every route that answers with them (routes do not import routes). Some read
through the store what the answer shows (the held count of a ticket, a payee's balance); none writes."""
