// runtime/oxn: JSON <-> OXN node model (oxn.md). Public exports are added here.
export {}
