#!/bin/sh
echo "1..0 # SKIP stream not written yet"
