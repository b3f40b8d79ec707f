"""Request and response models, one module per capability; the OpenAPI contract is built from them."""
