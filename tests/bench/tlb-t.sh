#!/bin/sh
echo "1..0 # SKIP tlb not written yet"
