// Checked schema -> Swift source text.
