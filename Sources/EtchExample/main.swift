print("etch-example: not built yet")
