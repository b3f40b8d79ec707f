"""Pure rules of Sellflow: the spec's vocabularies, money, calendars and validation. No I/O."""
