"""The checkout: a plan's price (`pricing`), opening a checkout (`opening`), paying it by each method (`paying`),
the thank-you page's receipt (`receipt`), and the offers after it: upsells and a ticket's upgrade (`offers`)."""
