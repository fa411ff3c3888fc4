#!/bin/sh
echo "1..0 # SKIP lmdd not written yet"
