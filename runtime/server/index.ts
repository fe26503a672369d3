// runtime/server: HTTP server and request pipeline (definition.md PL1-PL19). Public exports are added here.
export {}
