"""Evidence in: record files read strictly, validated, derived into a library."""
