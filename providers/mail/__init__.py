"""Mail: templates (Jinja2, English and German) rendered to a subject and a body (`templates`), and the SMTP
sender (`smtp`). The outbox that sends each mail at most once lives in `store.mail` and `activities.mail`."""
