"""What sellers sell: products and their forms, add-ons and bundles, certificates, events and tickets, license keys, opt-in questions, checkout pages."""
