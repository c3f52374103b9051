"""The tool cards' effects: `effect` (the step protocol and registry), one file per content pack
(`base`, `five_six`), each card a small class registered by its number."""
