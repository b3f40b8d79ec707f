"""The page builder (editor §2 Page builder, §3 Builder block settings): page types, the blocks each allows, every
block's settings with its defaults, and themes. Pure rules; the values the seeds do not show are in
docs/DECISIONS.md 'Page builder'."""
