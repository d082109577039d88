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
/// shown for `delays[i]` hundredths of a second. The pictures are flat-coloured
/// figures, so a palette of each picture's own colours (quantised only when
/// there are more than 256) keeps them crisp and small.
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
    let mut out = Vec::new();
    {
        let mut encoder =
            gif::Encoder::new(&mut out, width, height, &[]).map_err(|e| GifError::Encoding(e.to_string()))?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(|e| GifError::Encoding(e.to_string()))?;
        for (picture, &delay) in pictures.iter_mut().zip(delays) {
            // Speed 10 of 30: a good palette for text in a fraction of a second.
            let mut frame = gif::Frame::from_rgba_speed(width, height, picture, 10);
            frame.delay = delay;
            encoder
                .write_frame(&frame)
                .map_err(|e| GifError::Encoding(e.to_string()))?;
        }
    }
    Ok(out)
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
}
