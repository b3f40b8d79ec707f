"""The local stack launcher, its helper servers and the production manifests."""
