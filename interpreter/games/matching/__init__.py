"""The play kind ``matching`` (hanafuda Hachi-Hachi): capture by month, field cards and stock."""
