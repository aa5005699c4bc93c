"""The Discord adapter (see its issue): not yet available."""
