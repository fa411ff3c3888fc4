#!/bin/sh
echo "1..0 # SKIP cache not written yet"
