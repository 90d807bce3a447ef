package subqcases

import "flag"

var update = flag.Bool("update", false, "rewrite generated/subqcases/cases.sql")
