package main

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgimg" // the png format of draw.NewFormattedCanvas
	_ "gonum.org/v1/plot/vg/vgsvg" // the svg format

	"github.com/exprc/exprc/bench"
)

// palette gives each implementation a color and a glyph that stay apart in
// print and for color-blind readers (Okabe-Ito colors, distinct shapes).
var palette = []struct {
	color color.Color
	shape draw.GlyphDrawer
}{
	{color.RGBA{0, 0, 0, 255}, draw.CircleGlyph{}},        // hand-written: black
	{color.RGBA{213, 94, 0, 255}, draw.BoxGlyph{}},        // exprc: vermillion
	{color.RGBA{0, 114, 178, 255}, draw.TriangleGlyph{}},  // blue
	{color.RGBA{0, 158, 115, 255}, draw.PyramidGlyph{}},   // green
	{color.RGBA{230, 159, 0, 255}, draw.RingGlyph{}},      // orange
	{color.RGBA{86, 180, 233, 255}, draw.SquareGlyph{}},   // sky blue
	{color.RGBA{204, 121, 167, 255}, draw.CrossGlyph{}},   // purple
	{color.RGBA{120, 120, 120, 255}, draw.PlusGlyph{}},    // grey
	{color.RGBA{240, 228, 66, 255}, draw.CircleGlyph{}},   // yellow
	{color.RGBA{100, 60, 20, 255}, draw.TriangleGlyph{}},  // brown
	{color.RGBA{150, 150, 220, 255}, draw.PyramidGlyph{}}, // lavender
	{color.RGBA{60, 120, 60, 255}, draw.SquareGlyph{}},    // dark green
	{color.RGBA{180, 180, 180, 255}, draw.CrossGlyph{}},   // light grey
	{color.RGBA{0, 0, 120, 255}, draw.RingGlyph{}},        // navy
	{color.RGBA{120, 0, 60, 255}, draw.BoxGlyph{}},        // wine
	{color.RGBA{0, 80, 80, 255}, draw.PlusGlyph{}},        // teal
}

// chart draws ns/row (log scale) of every implementation for every query at
// 64K rows: one panel without NULLs, one with. Each query is a column of
// dots, one per implementation, offset side by side.
func (r *report) chart(format string) ([]byte, error) {
	var queries []bench.Query
	for _, q := range bench.Queries {
		if q.Of == "" {
			queries = append(queries, q)
		}
	}
	var impls []string
	for _, im := range r.impls {
		if im.Name != "generated-nocse" {
			impls = append(impls, im.Name)
		}
	}
	if len(impls) > len(palette) {
		return nil, fmt.Errorf("%d implementations, the chart has styles for %d", len(impls), len(palette))
	}
	panels := []struct{ nulls, title string }{
		{"false", fmt.Sprintf("ns/row at %s rows, no NULLs (log scale; lower is faster)", headlineRows)},
		{"true", fmt.Sprintf("ns/row at %s rows, with NULLs (10%% of each nullable column; NullHeavy 50%%)", headlineRows)},
	}
	plots := make([][]*plot.Plot, len(panels))
	legend := plot.NewLegend()
	legend.Top, legend.Left = true, true
	for pi, panel := range panels {
		p := plot.New()
		p.Title.Text = panel.title
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
		p.Y.Label.Text = "ns/row"
		p.X.Min, p.X.Max = -0.6, float64(len(queries))-0.4
		var ticks []plot.Tick
		for i, q := range queries {
			ticks = append(ticks, plot.Tick{Value: float64(i), Label: q.Name})
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		p.X.Tick.Label.Rotation = math.Pi / 8
		p.X.Tick.Label.XAlign = draw.XRight
		p.Add(plotter.NewGrid())
		lo, hi := math.Inf(1), 0.0
		for ii, impl := range impls {
			var pts plotter.XYs
			for qi, q := range queries {
				ns := r.res.get(q.Name, headlineRows, panel.nulls, impl).ns()
				if ns <= 0 {
					continue
				}
				lo, hi = math.Min(lo, ns), math.Max(hi, ns)
				off := (float64(ii) - float64(len(impls)-1)/2) * 0.7 / float64(len(impls))
				pts = append(pts, plotter.XY{X: float64(qi) + off, Y: ns})
			}
			if len(pts) == 0 {
				continue
			}
			s, err := plotter.NewScatter(pts)
			if err != nil {
				return nil, err
			}
			s.GlyphStyle = draw.GlyphStyle{Color: palette[ii].color, Radius: vg.Points(3), Shape: palette[ii].shape}
			p.Add(s)
			if pi == 0 {
				legend.Add(label(impl), s)
			}
		}
		if hi == 0 {
			return nil, fmt.Errorf("no results at %s rows to chart", headlineRows)
		}
		p.Y.Min, p.Y.Max = math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
		plots[pi] = []*plot.Plot{p}
	}

	// The legend has a strip of its own on the right, where no dot can hide
	// under it.
	const width, height, legendWidth = 1000, 820, 130
	canvas, err := draw.NewFormattedCanvas(vg.Points(width), vg.Points(height), format)
	if err != nil {
		return nil, err
	}
	dc := draw.New(canvas)
	tiles := draw.Tiles{Rows: len(panels), Cols: 1, PadY: vg.Points(20), PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(12)}
	canvases := plot.Align(plots, tiles, draw.Crop(dc, 0, -vg.Points(legendWidth), 0, 0))
	legend.Draw(draw.Crop(dc, vg.Points(width-legendWidth), 0, 0, -vg.Points(30)))
	for i := range plots {
		plots[i][0].Draw(canvases[i][0])
	}
	var b bytes.Buffer
	if _, err := canvas.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
