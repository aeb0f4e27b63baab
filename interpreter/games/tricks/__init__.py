"""The play kind ``tricks`` (Hachi-Hachi Trick): trick play after go/drop declarations."""
