#!/bin/sh
echo "1..0 # SKIP par_mem not written yet"
