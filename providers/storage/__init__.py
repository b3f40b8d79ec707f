"""File storage behind one interface (`local.Storage`); locally a folder under the data dir."""
