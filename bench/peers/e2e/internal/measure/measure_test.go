package measure

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain makes the test binary the measured process when MEASURE_TEST_MB
// is set: it touches that many MB, writes a line, sleeps MEASURE_TEST_SLEEP
// and exits with MEASURE_TEST_EXIT.
func TestMain(m *testing.M) {
	if v := os.Getenv("MEASURE_TEST_MB"); v != "" {
		mb, _ := strconv.Atoi(v)
		b := make([]byte, mb<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		fmt.Println("touched", mb, "MB", len(b))
		if d, err := time.ParseDuration(os.Getenv("MEASURE_TEST_SLEEP")); err == nil {
			time.Sleep(d)
		}
		code, _ := strconv.Atoi(os.Getenv("MEASURE_TEST_EXIT"))
		os.Exit(code)
	}
	os.Exit(m.Run())
}

func child(t *testing.T, mb int, sleep string, exit int) []string {
	t.Setenv("MEASURE_TEST_MB", strconv.Itoa(mb))
	t.Setenv("MEASURE_TEST_SLEEP", sleep)
	t.Setenv("MEASURE_TEST_EXIT", strconv.Itoa(exit))
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{self}
}

// TestRun measures a process that touches 200 MB: its peak RSS is that
// plus the Go runtime and the test binary, not much more.
func TestRun(t *testing.T) {
	res, err := Run(context.Background(), time.Minute, child(t, 200, "", 0))
	if err != nil {
		t.Fatal(err)
	}
	if res.Err != "" {
		t.Fatalf("failed: %s\n%s", res.Err, res.Output)
	}
	if res.MaxRSS < 200<<20 || res.MaxRSS > 260<<20 {
		t.Errorf("peak RSS %d MB, want 200 to 260", res.MaxRSS>>20)
	}
	if res.TreeRSS < res.MaxRSS || res.Wall <= 0 || res.CPU <= 0 {
		t.Errorf("measurement %+v", res.Sample)
	}
}

// TestRunFailure checks a non-zero exit and a killed process.
func TestRunFailure(t *testing.T) {
	res, err := Run(context.Background(), time.Minute, child(t, 1, "", 3))
	if err != nil {
		t.Fatal(err)
	}
	if res.Err != "exit status 3" || !strings.Contains(res.Output, "touched 1 MB") {
		t.Errorf("exit 3: Err %q, Output %q", res.Err, res.Output)
	}
	res, err = Run(context.Background(), 300*time.Millisecond, child(t, 1, "1m", 0))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Err, "timeout") || res.Wall > 30*time.Second {
		t.Errorf("over the timeout: Err %q after %s", res.Err, res.Wall)
	}
}

// TestMainJSON checks the command's output.
func TestMainJSON(t *testing.T) {
	argv := child(t, 1, "", 0)
	var out, errOut strings.Builder
	if code := Main(append([]string{"-timeout", "1m", "--"}, argv...), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var res Result
	if err := json.Unmarshal([]byte(out.String()), &res); err != nil {
		t.Fatal(err)
	}
	if res.Err != "" || res.MaxRSS <= 0 || res.Wall <= 0 {
		t.Errorf("result %+v from %s", res, out.String())
	}
	if code := Main(nil, &out, &errOut); code != 2 {
		t.Errorf("no command: exit %d, want 2", code)
	}
}
