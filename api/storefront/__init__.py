"""The storefront's pages rendered on the server from a builder page's published blocks (issue 22): HTML a phone
paints with no JavaScript, with its title, description, Open Graph tags and canonical address."""
