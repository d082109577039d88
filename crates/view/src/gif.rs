//! Animated GIFs from pictures already rasterised (by the browser's canvas in
//! the page, by the runner's rasteriser on the command line): each picture an
//! RGBA buffer of one size, shown for its delay, looping forever.

/// Why pictures cannot be encoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GifError {
    NoPictures,
    /// A picture whose buffer is not `width × height × 4` bytes, or a size GIF
    /// cannot hold.
    BadPicture {
        index: usize,
    },
    /// As many delays as pictures are needed.
    Delays,
    Encoding(String),
}

impl std::fmt::Display for GifError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GifError::NoPictures => write!(f, "no pictures to animate"),
            GifError::BadPicture { index } => write!(f, "picture {index} is not of the animation's size"),
            GifError::Delays => write!(f, "one delay per picture is needed"),
            GifError::Encoding(e) => write!(f, "the GIF could not be written: {e}"),
        }
    }
}

/// Encodes `pictures` (RGBA, `width` × `height`) as a looping GIF, picture `i`
/// shown for `delays[i]` hundredths of a second. Each picture after the first
/// holds only the rectangle that changed over the one before. The pictures are
/// flat-coloured figures, so a palette of each picture's own colours (quantised
/// only when there are more than 256) keeps them crisp and small. The page's
/// export (in the worker) and the runner's `replab figure` both encode here.
pub fn encode(width: u16, height: u16, pictures: &mut [Vec<u8>], delays: &[u16]) -> Result<Vec<u8>, GifError> {
    if pictures.is_empty() {
        return Err(GifError::NoPictures);
    }
    if delays.len() != pictures.len() {
        return Err(GifError::Delays);
    }
    let size = usize::from(width) * usize::from(height) * 4;
    if let Some(index) = pictures.iter().position(|p| p.len() != size || size == 0) {
        return Err(GifError::BadPicture { index });
    }
    let err = |e: gif::EncodingError| GifError::Encoding(e.to_string());
    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, width, height, &[]).map_err(err)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        let w = usize::from(width);
        for i in 0..pictures.len() {
            let (x, y, cw, ch) = match i.checked_sub(1).and_then(|b| pictures.get(b)) {
                None => (0, 0, w, usize::from(height)),
                // Nothing changed: one pixel, drawn again.
                Some(before) => changed(before, &pictures[i], w).unwrap_or((0, 0, 1, 1)),
            };
            let now = &pictures[i];
            let mut part: Vec<u8> = (y..y + ch)
                .flat_map(|row| now[(row * w + x) * 4..(row * w + x + cw) * 4].iter().copied())
                .collect();
            // Within the picture, so within u16.
            let side = |v: usize| u16::try_from(v).unwrap_or(u16::MAX);
            // Speed 10 of 30: a good palette for text in a fraction of a second.
            let mut frame = gif::Frame::from_rgba_speed(side(cw), side(ch), &mut part, 10);
            frame.left = side(x);
            frame.top = side(y);
            frame.delay = delays[i];
            frame.dispose = gif::DisposalMethod::Keep;
            encoder.write_frame(&frame).map_err(err)?;
        }
    }
    Ok(out)
}

/// The smallest rectangle (x, y, width, height) holding every pixel that
/// differs between `a` and `b` (`width` wide, 4 bytes a pixel), if any does.
fn changed(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, (p, q)) in a.chunks_exact(4).zip(b.chunks_exact(4)).enumerate() {
        if p != q {
            let (x, y) = (i % width, i / width);
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
    }
    (x0 != usize::MAX).then(|| (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_become_frames_with_their_delays() {
        let (w, h) = (4u16, 3u16);
        let mut pictures = vec![vec![255u8; 48], [10u8, 20, 30, 255].repeat(12)];
        let bytes = encode(w, h, &mut pictures, &[150, 400]).expect("encodes");
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes.as_slice()).expect("decodes");
        assert_eq!((decoder.width(), decoder.height()), (4, 3));
        let mut delays = Vec::new();
        while let Some(frame) = decoder.read_next_frame().expect("a frame") {
            delays.push(frame.delay);
        }
        assert_eq!(delays, vec![150, 400]);
    }

    #[test]
    fn bad_pictures_are_refused() {
        assert_eq!(encode(2, 2, &mut [], &[]), Err(GifError::NoPictures));
        assert_eq!(encode(2, 2, &mut [vec![0; 16]], &[1, 2]), Err(GifError::Delays));
        assert_eq!(
            encode(2, 2, &mut [vec![0; 16], vec![0; 15]], &[1, 2]),
            Err(GifError::BadPicture { index: 1 })
        );
    }

    #[test]
    fn a_picture_after_the_first_holds_only_what_changed() {
        let (w, h) = (4u16, 3u16);
        let first = vec![255u8; 48];
        let mut second = first.clone();
        // One pixel changed, at (2, 1).
        second[(4 + 2) * 4..(4 + 2) * 4 + 4].copy_from_slice(&[0, 0, 0, 255]);
        let mut pictures = vec![first.clone(), second, first];
        let bytes = encode(w, h, &mut pictures, &[100, 100, 100]).expect("encodes");
        let mut decoder = gif::DecodeOptions::new().read_info(bytes.as_slice()).expect("decodes");
        let mut rects = Vec::new();
        while let Some(frame) = decoder.read_next_frame().expect("a frame") {
            rects.push((frame.left, frame.top, frame.width, frame.height));
        }
        assert_eq!(rects, vec![(0, 0, 4, 3), (2, 1, 1, 1), (2, 1, 1, 1)]);
    }
}
