"""Pages: prose, claims, bare-figure detection and the sections a page gets."""
