package vec

import (
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestCheckSchemaRemembers: a pair that passed passes again, and another
// batch schema for the same table is still checked field by field.
func TestCheckSchemaRemembers(t *testing.T) {
	want := arrow.NewSchema([]arrow.Field{{Name: "a", Type: arrow.PrimitiveTypes.Int64}, {Name: "b", Type: arrow.BinaryTypes.String}}, nil)
	same := arrow.NewSchema([]arrow.Field{{Name: "a", Type: arrow.PrimitiveTypes.Int64}, {Name: "b", Type: arrow.BinaryTypes.String}}, nil)
	wrongType := arrow.NewSchema([]arrow.Field{{Name: "a", Type: arrow.PrimitiveTypes.Int32}, {Name: "b", Type: arrow.BinaryTypes.String}}, nil)
	missing := arrow.NewSchema([]arrow.Field{{Name: "a", Type: arrow.PrimitiveTypes.Int64}}, nil)
	for range 3 {
		if err := CheckSchema(same, want); err != nil {
			t.Fatalf("same columns: %v", err)
		}
		if err := CheckSchema(wrongType, want); err == nil || !strings.Contains(err.Error(), `input column "a" has type int32, want int64`) {
			t.Fatalf("wrong type: %v", err)
		}
		if err := CheckSchema(missing, want); err == nil || !strings.Contains(err.Error(), `column "b" is missing`) {
			t.Fatalf("missing column: %v", err)
		}
		if err := CheckSchema(want, same); err != nil {
			t.Fatalf("the other way round: %v", err)
		}
	}
}
