"""The seller's notifications (core §9 types): the rows the cabinet shows, their mails, and the seller's choices."""
